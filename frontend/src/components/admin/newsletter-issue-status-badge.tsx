import { newsletterIssueStatusLabels, type NewsletterIssueStatus } from '@northbeam/common';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const statusVariants: Record<NewsletterIssueStatus, BadgeProps['variant']> = {
  draft: 'outline',
  scheduled: 'secondary',
  sending: 'consulting',
  sent: 'labs',
};

export function NewsletterIssueStatusBadge({ status }: { status: NewsletterIssueStatus }) {
  return (
    <Badge variant={statusVariants[status]} data-testid="newsletter-issue-status">
      {newsletterIssueStatusLabels[status]}
    </Badge>
  );
}
