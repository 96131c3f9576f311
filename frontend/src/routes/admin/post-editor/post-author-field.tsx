import type { TeamMember } from '@northbeam/common';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import type { PostEditor } from './post-side';

/** The author fields a chosen member fills in (name, credentials = role, bio); none for "No author". */
export function authorFields(member: TeamMember | undefined) {
  return member
    ? { authorId: member.id, authorName: member.name, authorCredentials: member.role, authorBio: member.bio }
    : { authorId: '', authorName: '', authorCredentials: '', authorBio: '' };
}

/**
 * The post's author, chosen from the team (docs/product.md#team): choosing one fills in their
 * credentials and bio (which stay editable), "No author" empties them.
 */
export function PostAuthorField({
  editor,
  authors,
}: {
  editor: Pick<PostEditor, 'values' | 'update' | 'fieldId'>;
  authors: TeamMember[];
}) {
  const { values, update, fieldId } = editor;
  return (
    <Field
      label="Author"
      htmlFor={fieldId('author')}
      hint={
        values.authorName ? null : (
          <p className="text-xs text-ink-muted" data-testid="no-author-hint">
            No author: the article will have no byline.
          </p>
        )
      }
    >
      {(control) => (
        <Select
          {...control}
          value={values.authorName ? values.authorId : ''}
          onChange={(event) => update(authorFields(authors.find((candidate) => candidate.id === event.target.value)))}
        >
          <option value="">No author</option>
          {authors.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
