import type { RouteHandle } from '@/app/route-handle';
import { useLocation, useParams } from 'react-router-dom';
import { PlaceholderScreen } from '@/components/page/placeholder-screen';
import { useArticleEngagement } from '@/hooks/use-article-engagement';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: "Article",
    description: "An article from the Northbeam blog.",
    canonicalPath: pathname.toLowerCase(),
  }),
};

export function Component() {
  const { slug = '' } = useParams();
  const { pathname } = useLocation();
  // Until the article screen lands the slug stands in for the title.
  useArticleEngagement({ title: slug, section: pathname.startsWith('/blog/labs') ? 'labs' : 'consulting', path: pathname });
  return (
    <PlaceholderScreen
      title="Article"
      willHold={["The article with author, dates, reading time and share bar","More from the same section"]}
    />
  );
}
