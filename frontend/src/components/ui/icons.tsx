import type { SVGProps } from 'react';
// The sprite is a hashed asset of its own (never inlined), cached by the browser once for every page.
import sprite from './icons.svg?no-inline';

export const spriteUrl: string = sprite;

/**
 * Icons drawn from one sprite: each is `<svg><use href="sprite#name"/></svg>`, so a page carries a
 * reference, not the icon's paths, and the JavaScript carries only names. `icons.svg` is made from
 * the `lucide` package's icon data for the names below (`node frontend/scripts/icon-sprite.mjs`; a unit
 * test fails when it is stale). Each symbol carries lucide's stroke settings itself (stroke colour is the
 * text colour); an icon takes its size from `size` or its class. Icons are decorative (`aria-hidden`)
 * unless given an accessible name.
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'ref' | 'children'> & { size?: number | string };

export type IconComponent = (props: IconProps) => React.JSX.Element;

function labelled(props: IconProps): boolean {
  return Object.keys(props).some((key) => key.startsWith('aria-') || key === 'role' || key === 'title');
}

/** Whether a class list sizes the icon itself (`size-4`, `sm:size-5`). */
export function sizedByClass(className: string | undefined): boolean {
  return /(^|\s)([\w-]+:)*size-/.test(className ?? '');
}

function icon(name: string): IconComponent {
  function Icon({ size, ...props }: IconProps) {
    // The symbol carries its own viewBox, which scales it to the icon's box. An icon sized by its
    // class needs no width and height of its own (one that is not keeps lucide's 24 px).
    const box = size === undefined && sizedByClass(props.className) ? {} : { width: size ?? 24, height: size ?? 24 };
    return (
      <svg {...box} aria-hidden={labelled(props) ? undefined : 'true'} {...props}>
        <use href={`${spriteUrl}#${name}`} />
      </svg>
    );
  }
  return Icon;
}

export const Activity = icon('activity');
export const AlertTriangle = icon('triangle-alert');
export const ArrowLeft = icon('arrow-left');
export const ArrowRight = icon('arrow-right');
export const ArrowUpRight = icon('arrow-up-right');
export const Ban = icon('ban');
export const BarChart3 = icon('bar-chart-3');
export const BookDown = icon('book-down');
export const BookOpen = icon('book-open');
export const Boxes = icon('boxes');
export const BrainCircuit = icon('brain-circuit');
export const BriefcaseBusiness = icon('briefcase-business');
export const CalendarClock = icon('calendar-clock');
export const CalendarDays = icon('calendar-days');
export const Check = icon('check');
export const CheckCircle2 = icon('check-circle-2');
export const ChevronDown = icon('chevron-down');
export const ChevronLeft = icon('chevron-left');
export const ChevronRight = icon('chevron-right');
export const CircleAlert = icon('circle-alert');
export const Clapperboard = icon('clapperboard');
export const Clock = icon('clock');
export const Coins = icon('coins');
export const Compass = icon('compass');
export const Cookie = icon('cookie');
export const Copy = icon('copy');
export const Cpu = icon('cpu');
export const Download = icon('download');
export const ExternalLink = icon('external-link');
export const Eye = icon('eye');
export const EyeOff = icon('eye-off');
export const FileArchive = icon('file-archive');
export const FileQuestion = icon('file-question');
export const FileText = icon('file-text');
export const FlaskConical = icon('flask-conical');
export const Glasses = icon('glasses');
export const Handshake = icon('handshake');
export const History = icon('history');
export const Hourglass = icon('hourglass');
export const ImageOff = icon('image-off');
export const ImagePlus = icon('image-plus');
export const ImageUp = icon('image-up');
export const Images = icon('images');
export const Inbox = icon('inbox');
export const Info = icon('info');
export const KeyRound = icon('key-round');
export const Laptop = icon('laptop');
export const Layers = icon('layers');
export const LayoutDashboard = icon('layout-dashboard');
export const Link2 = icon('link-2');
export const LinkIcon = icon('link');
export const Loader2 = icon('loader-2');
export const Lock = icon('lock');
export const LockKeyhole = icon('lock-keyhole');
export const LogIn = icon('log-in');
export const LogOut = icon('log-out');
export const Mail = icon('mail');
export const MailCheck = icon('mail-check');
export const MailX = icon('mail-x');
export const Menu = icon('menu');
export const MessageSquareWarning = icon('message-square-warning');
export const Minus = icon('minus');
export const MoreHorizontal = icon('more-horizontal');
export const Newspaper = icon('newspaper');
export const Orbit = icon('orbit');
export const Pencil = icon('pencil');
export const Phone = icon('phone');
export const Plus = icon('plus');
export const Quote = icon('quote');
export const RefreshCw = icon('refresh-cw');
export const Rocket = icon('rocket');
export const RotateCcw = icon('rotate-ccw');
export const Rss = icon('rss');
export const Save = icon('save');
export const Search = icon('search');
export const SearchX = icon('search-x');
export const Send = icon('send');
export const ShieldAlert = icon('shield-alert');
export const ShieldCheck = icon('shield-check');
export const ShieldOff = icon('shield-off');
export const Smartphone = icon('smartphone');
export const TestTube = icon('test-tube');
export const Timer = icon('timer');
export const Trash2 = icon('trash-2');
export const TriangleAlert = icon('triangle-alert');
export const Undo2 = icon('undo-2');
export const Upload = icon('upload');
export const UserCheck = icon('user-check');
export const UserCog = icon('user-cog');
export const UserPlus = icon('user-plus');
export const UserRound = icon('user-round');
export const UserRoundX = icon('user-round-x');
export const Users = icon('users');
export const Wrench = icon('wrench');
export const X = icon('x');
export const XCircle = icon('x-circle');
export const Contact = icon('contact');
export const ArrowDown = icon('arrow-down');
export const ArrowUp = icon('arrow-up');
export const IdCard = icon('id-card');
export const PenLine = icon('pen-line');
export const Tag = icon('tag');
export const Settings = icon('settings');
export const Signpost = icon('signpost');
export const CalendarX = icon('calendar-x');
export const Bell = icon('bell');
export const MessageSquareText = icon('message-square-text');
