import { AppstoreOutlined, FileTextOutlined, FolderOutlined, HomeOutlined, MessageOutlined } from '@ant-design/icons';
import type { NAV_ITEMS } from '../../shared/ui-constants';
import styles from './shell.module.css';

export type NavPath = (typeof NAV_ITEMS)[number]['path'];

const ICONS = {
  '/': HomeOutlined,
  '/projects': FolderOutlined,
  '/documents': FileTextOutlined,
  '/templates': AppstoreOutlined,
  '/chat': MessageOutlined,
} satisfies Record<NavPath, unknown>;

/** The icon of a navigation item; decorative, since the item's label names the link. */
export function NavIcon({ path }: { path: NavPath }) {
  const Icon = ICONS[path];
  return <Icon aria-hidden className={styles.navIcon} />;
}
