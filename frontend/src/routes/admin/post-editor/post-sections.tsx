import { Eye } from '@/components/ui/icons';
import { useState } from 'react';
import Markdown, { type Components } from 'react-markdown';
import {
  allowedMetaTagNames,
  allowedMetaTagProperties,
  metaTagContentMax,
  metaTagsWithAddress,
  postLimits,
} from '@northbeam/common';
import { joinSocialMeta, splitSocialMeta, type SocialMeta } from './social-meta';
import { SocialImageField } from './social-image-field';
import { DocumentSection, TitleAndSlugFields } from '@/components/admin/document-editor/document-fields';
import { InsertImageButton } from '@/components/admin/media/insert-image-button';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { BodyEditor, useBodyEditorMode } from '@/components/admin/rich-text/body-editor';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { PostEditor } from './post-side';
import { rehypeImageCaptions } from '@/components/blog/image-captions';

/**
 * The preview's code blocks as the article draws them (components/blog/markdown-body.tsx): a block
 * that scrolls sideways takes focus and is named. Not imported from there: the admin importing that
 * module makes the bundler chunk it with the markdown parser, which the article's first visit then loads.
 */
const previewComponents: Components = {
  pre: ({ node: _node, ...props }) => <pre tabIndex={0} role="group" aria-label="Code" {...props} />,
};

/** The post's sections in the editor: its text (title, slug, excerpt, body with a preview) and search and sharing. */
export function PostSections({ editor }: { editor: PostEditor }) {
  const { values, errors, update, fieldId } = editor;
  const [preview, setPreview] = useState(false);
  const mode = useBodyEditorMode();
  const metaLength = values.metaDescription.length;
  const social = splitSocialMeta(values.customMetaTags);
  const setSocial = (change: Partial<SocialMeta>) =>
    update({ customMetaTags: joinSocialMeta({ ...social, ...change }) });
  return (
    <>
      <DocumentSection>
        <TitleAndSlugFields
          editor={editor}
          slugHint={
            <p className="text-xs text-ink-muted">
              /blog/{values.section || 'section'}/{values.slug || 'slug'}
            </p>
          }
        />
        <Field label="Excerpt (optional)" htmlFor={fieldId('excerpt')} error={errors.excerpt}>
          {(control) => (
            <Textarea
              {...control}
              value={values.excerpt}
              onChange={(event) => update({ excerpt: event.target.value })}
              height="md"
            />
          )}
        </Field>
        <BodyEditor
          id={fieldId('body')}
          label="Body"
          value={values.body}
          onChange={(body) => update({ body })}
          error={errors.body}
          actions={
            <>
              {mode === 'markdown' && !preview ? (
                <InsertImageButton
                  textareaId={fieldId('body')}
                  value={values.body}
                  onInsert={(body) => update({ body })}
                />
              ) : null}
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-pressed={preview}
                onClick={() => setPreview((value) => !value)}
              >
                <Eye aria-hidden="true" />
                {preview ? 'Edit' : 'Preview'}
              </Button>
            </>
          }
          replacement={
            preview ? (
              <div
                className="min-h-96 rounded-xl border border-line bg-paper p-5 leading-relaxed text-ink [&_a]:text-beam [&_a]:underline [&_code]:font-mono [&_code]:text-sm [&_h1]:font-display [&_h1]:text-2xl [&_h1]:font-semibold [&_h2]:mt-6 [&_h2]:font-display [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_pre]:mt-3 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-ink [&_pre]:p-4 [&_pre]:text-white [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6"
                data-testid="body-preview"
              >
                <Markdown components={previewComponents} rehypePlugins={[rehypeImageCaptions]}>
                  {values.body || '*Nothing to preview yet.*'}
                </Markdown>
              </div>
            ) : undefined
          }
        />
      </DocumentSection>

      <DocumentSection title="Search and sharing">
        <Field
          label="Meta description"
          htmlFor={fieldId('metaDescription')}
          error={errors.metaDescription}
          hint={
            <p className="text-xs text-ink-muted" aria-live="polite" data-testid="meta-counter">
              {metaLength}/{postLimits.metaDescriptionMax} characters
            </p>
          }
        >
          {(control) => (
            <Input
              {...control}
              value={values.metaDescription}
              maxLength={postLimits.metaDescriptionMax}
              onChange={(event) =>
                update({ metaDescription: event.target.value.slice(0, postLimits.metaDescriptionMax) })
              }
            />
          )}
        </Field>
        <Field
          label="Social headline (optional)"
          htmlFor={fieldId('socialTitle')}
          hint={
            <p className="text-xs text-ink-muted">What shows when the post is shared. The post's title otherwise.</p>
          }
        >
          {(control) => (
            <Input
              {...control}
              value={social.title}
              maxLength={metaTagContentMax}
              onChange={(event) => setSocial({ title: event.target.value })}
            />
          )}
        </Field>
        <SocialImageField id={fieldId('socialImage')} value={social.image} onChange={(image) => setSocial({ image })} />
        <Field
          label="Custom meta tags"
          htmlFor={fieldId('customMetaTags')}
          error={errors.customMetaTags}
          hint={
            <div className="flex flex-col gap-1 text-xs text-ink-muted" data-testid="meta-tags-hint">
              <p>
                Other meta tags, one per line, e.g. &lt;meta name=&quot;robots&quot; content=&quot;noarchive&quot;&gt;.
                Only these tags are allowed:
              </p>
              <p>
                <span className="font-medium">Names:</span> {allowedMetaTagNames.join(', ')}
              </p>
              <p>
                <span className="font-medium">Properties:</span> {allowedMetaTagProperties.join(', ')}
              </p>
              <p>{metaTagsWithAddress.join(', ')}: an http:// or https:// address only.</p>
            </div>
          }
        >
          {(control) => (
            <Textarea
              {...control}
              value={social.rest}
              onChange={(event) => setSocial({ rest: event.target.value })}
              height="md"
              textSize="sm"
              className="font-mono"
            />
          )}
        </Field>
      </DocumentSection>
    </>
  );
}
