import { FileText } from '@/components/ui/icons';
import { useId, useState } from 'react';
import type { AdminPostSummary, ListPage, NewsletterIssueFromPostValues, NewsletterPostMode } from '@northbeam/common';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { useServerSearch } from '@/hooks/use-server-search';
import { requestJson } from '@/lib/api';

/** The staff posts list's query for published posts, newest first, matching a search of title and slug. */
export function publishedPostsQuery(search: string): URLSearchParams {
  const query = new URLSearchParams({ status: 'published' });
  if (search) query.set('q', search);
  return query;
}

export const postChoice = (post: AdminPostSummary) => ({ id: post.id, title: post.title });

export function StartFromPost({
  posts,
  busy,
  run,
  fill,
}: {
  posts: { id: string; title: string }[];
  /** The action under way, if any. */
  busy: string | null;
  run: (kind: 'post', work: () => Promise<'done' | 'leaving'>) => Promise<void>;
  /** Puts the post's subject, preheader and body into the new issue's form (nothing is saved yet). */
  fill: (values: NewsletterIssueFromPostValues) => void;
}) {
  const [search, setSearch] = useState('');
  // The newest published posts, or those the search finds (the first page of the staff list either way).
  const [choices, setChoices] = useState(posts);
  const [postId, setPostId] = useState(posts[0].id);
  const [mode, setMode] = useState<NewsletterPostMode>('card');
  const id = useId();
  useServerSearch(
    search,
    (text) =>
      text
        ? requestJson<ListPage<AdminPostSummary>>('GET', `/api/admin/posts?${publishedPostsQuery(text)}`).then((page) =>
            page.items.map(postChoice),
          )
        : Promise.resolve(posts),
    (next) => {
      setChoices(next);
      setPostId((chosen) => (next.some((post) => post.id === chosen) ? chosen : (next[0]?.id ?? '')));
    },
  );
  return (
    <Card className="mt-6">
      <CardContent className="flex flex-col gap-3 pt-6 sm:flex-row sm:items-end">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <Label htmlFor={id}>Start from a post</Label>
          <Input
            type="search"
            aria-label="Search published posts"
            placeholder="Search published posts..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <Select id={id} value={postId} onChange={(event) => setPostId(event.target.value)}>
            {choices.map((post) => (
              <option key={post.id} value={post.id}>
                {post.title}
              </option>
            ))}
          </Select>
          <Select
            aria-label="Show the post as"
            value={mode}
            onChange={(event) => setMode(event.target.value as NewsletterPostMode)}
          >
            <option value="card">A card: image, title, excerpt and a button</option>
            <option value="full">The full text</option>
          </Select>
        </div>
        <Button
          variant="outline"
          disabled={busy !== null || !postId}
          data-testid="newsletter-from-post"
          onClick={() =>
            void run('post', async () => {
              const values = await requestJson<NewsletterIssueFromPostValues>(
                'POST',
                '/api/admin/newsletter/issues/from-post/values',
                { postId, mode },
              );
              fill(values);
              toast({ title: 'The post is in the issue: save the draft to keep it' });
              return 'done';
            })
          }
        >
          <FileText aria-hidden="true" />
          {busy === 'post' ? 'Starting...' : 'Use this post'}
        </Button>
      </CardContent>
    </Card>
  );
}
