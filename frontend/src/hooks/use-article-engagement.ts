import { useEffect } from 'react';
import { limits } from '@northbeam/common';
import { analyticsEvents, trackEvent } from '@/lib/analytics';

export interface ArticleIdentity {
  title: string;
  section: string;
  path: string;
}

export function engagementLevel(depth: number): 'high' | 'medium' | 'low' {
  if (depth >= 75) return 'high';
  if (depth >= 50) return 'medium';
  return 'low';
}

/**
 * Article engagement (docs/product.md#analytics): a view on arrival; an 'engaged' event once after 30
 * seconds; on leaving, the time spent if over 10 seconds and not yet engaged; scroll milestones
 * 25/50/75/100 % each once, with an engagement level.
 */
export function useArticleEngagement({ title, section, path }: ArticleIdentity): void {
  useEffect(() => {
    const article = { title, section, path };
    const startedAt = Date.now();
    let engaged = false;
    let left = false;
    const reached = new Set<number>();
    trackEvent(analyticsEvents.blogPostView, { ...article, estimated_read_seconds: limits.articleEngagementSeconds });

    const timer = window.setTimeout(() => {
      engaged = true;
      trackEvent(analyticsEvents.blogPostRead, {
        ...article,
        engagement_type: 'engaged',
        seconds: limits.articleEngagementSeconds,
      });
    }, limits.articleEngagementSeconds * 1000);

    const onScroll = () => {
      const scrollable = document.documentElement.scrollHeight - window.innerHeight;
      const depth =
        scrollable <= 0
          ? 100
          : Math.min(100, ((window.scrollY || document.documentElement.scrollTop) / scrollable) * 100);
      for (const milestone of limits.scrollMilestones) {
        if (depth + 0.5 >= milestone && !reached.has(milestone)) {
          reached.add(milestone);
          trackEvent(analyticsEvents.blogPostScroll, {
            ...article,
            scroll_depth: milestone,
            engagement_level: engagementLevel(milestone),
          });
        }
      }
    };

    const leave = () => {
      if (left) return;
      left = true;
      const seconds = Math.round((Date.now() - startedAt) / 1000);
      if (!engaged && seconds > limits.articleLeaveReportSeconds) {
        trackEvent(analyticsEvents.blogPostRead, { ...article, engagement_type: 'time_spent', seconds });
      }
    };

    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', leave);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [title, section, path]);
}
