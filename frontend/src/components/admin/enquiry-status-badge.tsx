import { enquiryStatusLabels, type EnquiryStatus } from '@northbeam/common';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const statusVariants: Record<EnquiryStatus, BadgeProps['variant']> = {
  new: 'default',
  open: 'consulting',
  awaiting: 'immersive',
  replied: 'labs',
  closed: 'secondary',
  spam: 'outline',
};

/** `testId`: another enquiry's badge (an earlier enquiry of the contact) names itself apart from the screen's own. */
export function EnquiryStatusBadge({ status, testId = 'enquiry-status' }: { status: EnquiryStatus; testId?: string }) {
  return (
    <Badge variant={statusVariants[status]} data-testid={testId}>
      {enquiryStatusLabels[status]}
    </Badge>
  );
}
