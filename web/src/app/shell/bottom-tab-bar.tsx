import { NAV_ITEMS } from '../../shared/ui-constants';
import { NavLink } from 'react-router-dom';
import { NavIcon } from './nav-icons';
import styles from './shell.module.css';

/** The fixed tab bar of small screens, with the same five destinations as the sidebar. */
export function BottomTabBar() {
  return (
    <nav aria-label="Bottom navigation" className={styles.bottomTabBar}>
      <ul>
        {NAV_ITEMS.map((item) => (
          <li key={item.path}>
            <NavLink to={item.path} end={item.path === '/'} className={styles.bottomTab}>
              <NavIcon path={item.path} />
              <span className={styles.bottomTabLabel}>{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
