import {
  AimOutlined,
  AlertOutlined,
  ApiOutlined,
  BarChartOutlined,
  CheckCircleOutlined,
  CheckSquareOutlined,
  CodeOutlined,
  DollarOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  FundOutlined,
  LockOutlined,
  MessageOutlined,
  ReloadOutlined,
  RiseOutlined,
  RocketOutlined,
  SafetyCertificateOutlined,
  SnippetsOutlined,
  StarOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { TemplateIcon as TemplateIconName } from '@prd/proto';
import type { ComponentType } from 'react';
import styles from './template-icon.module.css';

interface IconStyle {
  Icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  color: string;
}

/** Each icon name of docs/product.md §2 with its own glyph and colour. */
const ICONS: Record<TemplateIconName, IconStyle> = {
  sparkles: { Icon: StarOutlined, color: '#7c3aed' },
  'bar-chart': { Icon: BarChartOutlined, color: '#2563eb' },
  'bar-chart-2': { Icon: FundOutlined, color: '#0891b2' },
  user: { Icon: UserOutlined, color: '#db2777' },
  'file-text': { Icon: FileTextOutlined, color: '#4f46e5' },
  rocket: { Icon: RocketOutlined, color: '#ea580c' },
  map: { Icon: EnvironmentOutlined, color: '#059669' },
  code: { Icon: CodeOutlined, color: '#475569' },
  target: { Icon: AimOutlined, color: '#dc2626' },
  'message-square-text': { Icon: MessageOutlined, color: '#0d9488' },
  'check-square': { Icon: CheckSquareOutlined, color: '#16a34a' },
  lock: { Icon: LockOutlined, color: '#b45309' },
  'refresh-ccw': { Icon: ReloadOutlined, color: '#0284c7' },
  users: { Icon: TeamOutlined, color: '#9333ea' },
  'check-circle': { Icon: CheckCircleOutlined, color: '#15803d' },
  clipboard: { Icon: SnippetsOutlined, color: '#6d28d9' },
  'alert-circle': { Icon: AlertOutlined, color: '#e11d48' },
  shield: { Icon: SafetyCertificateOutlined, color: '#1d4ed8' },
  cpu: { Icon: ApiOutlined, color: '#334155' },
  'dollar-sign': { Icon: DollarOutlined, color: '#65a30d' },
  'trending-up': { Icon: RiseOutlined, color: '#c2410c' },
};

/** The generic document icon for an unknown or missing name. */
const GENERIC: IconStyle = { Icon: FileTextOutlined, color: '#6b7280' };

export const templateIconStyle = (name: string | null | undefined): IconStyle => (name && Object.hasOwn(ICONS, name) ? ICONS[name as TemplateIconName] : GENERIC);

/** A template's icon in a tinted square; decorative, since the template's name is always beside it. */
export function TemplateIcon({ name }: { name: string | null | undefined }) {
  const { Icon, color } = templateIconStyle(name);
  return (
    <span className={styles.icon} style={{ color, backgroundColor: `${color}1a` }} aria-hidden>
      <Icon />
    </span>
  );
}
