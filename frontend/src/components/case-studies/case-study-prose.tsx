import { MarkdownText } from '@/components/blog/markdown-body';

/** A markdown section of a case study as its page shows it (the admin's preview uses the same). */
export function CaseStudyProse({ markdown }: { markdown: string }) {
  return (
    <MarkdownText
      id="case-study-prose"
      markdown={markdown}
      className="prose-case-study grid gap-4 text-lg leading-relaxed text-ink-muted [&_a]:text-beam [&_a]:underline [&_li]:ml-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_strong]:text-ink [&_ul]:list-disc [&_ul]:space-y-2"
    />
  );
}
