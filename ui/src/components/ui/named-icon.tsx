import {
  Box,
  BriefcaseBusiness,
  Brain,
  Building,
  CalendarCheck,
  CircleCheck,
  CirclePause,
  Clock,
  CreditCard,
  Database,
  DollarSign,
  Gauge,
  Hash,
  Mail,
  MailQuestionMark,
  Repeat,
  Rocket,
  Search,
  Sparkles,
  Target,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

/**
 * The icons plugins name in their manifests (`ui.icon`) and activity lines (`icon`), by their
 * Lucide names. Each is imported by name so only these are bundled; Lucide dropped brand icons,
 * so `linkedin` gets a briefcase.
 */
const ICONS: Readonly<Record<string, LucideIcon>> = {
  brain: Brain,
  building: Building,
  'calendar-check': CalendarCheck,
  'check-circle': CircleCheck,
  'circle-check': CircleCheck,
  'circle-pause': CirclePause,
  clock: Clock,
  'credit-card': CreditCard,
  database: Database,
  'dollar-sign': DollarSign,
  gauge: Gauge,
  hash: Hash,
  linkedin: BriefcaseBusiness,
  mail: Mail,
  'mail-question': MailQuestionMark,
  'mail-question-mark': MailQuestionMark,
  'pause-circle': CirclePause,
  repeat: Repeat,
  rocket: Rocket,
  search: Search,
  sparkles: Sparkles,
  target: Target,
  wallet: Wallet,
};

/** True when the UI draws `name` as its own icon (not the fallback). */
export const isKnownIcon = (name: string): boolean => Object.hasOwn(ICONS, name.trim().toLowerCase());

/** The icon a name stands for; a neutral box for a name this UI does not know. */
export const iconFor = (name: string | undefined): LucideIcon => (name && isKnownIcon(name) ? ICONS[name.trim().toLowerCase()]! : Box);

/** An icon by its Lucide name, decorative (the words beside it say what it is). */
export function NamedIcon({ name, className = 'size-4' }: { name: string | undefined; className?: string }) {
  const Icon = iconFor(name);
  return <Icon aria-hidden="true" focusable="false" className={className} data-icon={name && isKnownIcon(name) ? name : 'unknown'} />;
}
