import { sectionLabels, type PostSection } from '@northbeam/common';
import { Badge } from '@/components/ui/badge';

/** The blog section badge, in the section colour (Labs #83FAFD, Consulting #EFBBFF). */
export function SectionBadge({ section, className }: { section: PostSection; className?: string }) {
  return (
    <Badge variant={section} className={className} data-section={section}>
      {sectionLabels[section]}
    </Badge>
  );
}
