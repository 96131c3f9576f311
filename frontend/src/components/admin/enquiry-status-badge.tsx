import { enquiryStatusLabels, type EnquiryStatus } from '@northbeam/common';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const statusVariants: Record<EnquiryStatus, BadgeProps['variant']> = {
  new: 'default',
  open: 'consulting',
  replied: 'labs',
  closed: 'secondary',
  spam: 'outline',
};

export function EnquiryStatusBadge({ status }: { status: EnquiryStatus }) {
  return (
    <Badge variant={statusVariants[status]} data-testid="enquiry-status">
      {enquiryStatusLabels[status]}
    </Badge>
  );
}
