import { NAV_ITEMS } from '../../shared/ui-constants';
import { NavLink } from 'react-router-dom';
import { NavIcon } from './nav-icons';
import styles from './shell.module.css';

/** The five destinations of docs/product.md §2 as a vertical list, for the sidebar and the drawer. */
export function MainNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Main navigation" className={styles.mainNav}>
      <ul>
        {NAV_ITEMS.map((item) => (
          <li key={item.path}>
            {/* `end` on Home: otherwise "/" would count as active on every page. */}
            <NavLink to={item.path} end={item.path === '/'} className={styles.mainNavLink} onClick={onNavigate}>
              <NavIcon path={item.path} />
              <span>{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
