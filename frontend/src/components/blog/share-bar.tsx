import { Check, Link2 } from '@/components/ui/icons';
import { useEffect, useRef, useState } from 'react';
import { limits } from '@northbeam/common';
import { SocialIcon } from '@/components/layout/social-icon';
import { Button } from '@/components/ui/button';

interface ShareBarProps {
  url: string;
  title: string;
  summary: string;
}

const shareLinkClass = 'share-link';

/** 'Share this article': Twitter, LinkedIn (with summary), Facebook, and a copy-link button. */
export function ShareBar({ url, title, summary }: ShareBarProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const encodedUrl = encodeURIComponent(url);
  const links = [
    {
      name: 'Twitter',
      icon: 'X',
      href: `https://twitter.com/intent/tweet?url=${encodedUrl}&text=${encodeURIComponent(title)}`,
    },
    {
      name: 'LinkedIn',
      icon: 'LinkedIn',
      href: `https://www.linkedin.com/shareArticle?mini=true&url=${encodedUrl}&title=${encodeURIComponent(title)}&summary=${encodeURIComponent(summary || title)}`,
    },
    { name: 'Facebook', icon: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}` },
  ];

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), limits.copyConfirmationMs);
    } catch (error) {
      console.error('Could not copy the link', error);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="share-bar">
      <p className="mr-1 text-sm font-semibold text-ink">Share this article</p>
      {links.map((link) => (
        <a
          key={link.name}
          href={link.href}
          target="_blank"
          rel="noreferrer"
          className={shareLinkClass}
          aria-label={`Share on ${link.name}`}
        >
          <SocialIcon name={link.icon} />
        </a>
      ))}
      <Button variant="outline" size="sm" onClick={() => void copy()} aria-label="Copy link">
        {copied ? <Check className="size-4" /> : <Link2 className="size-4" />}
        {copied ? 'Copied' : 'Copy link'}
      </Button>
      <span role="status" aria-live="polite" className="text-sm font-medium text-success">
        {copied ? 'Link copied to clipboard!' : ''}
      </span>
    </div>
  );
}
