import { NAV_ITEMS } from '../../shared/ui-constants';
import { NavLink } from 'react-router-dom';
import { NavIcon } from './nav-icons';

/** The fixed tab bar of small screens, with the same five destinations as the sidebar. */
export function BottomTabBar() {
  return (
    <nav aria-label="Bottom navigation" className="bottom-tab-bar">
      <ul>
        {NAV_ITEMS.map((item) => (
          <li key={item.path}>
            <NavLink to={item.path} end={item.path === '/'} className="bottom-tab">
              <NavIcon path={item.path} />
              <span className="bottom-tab-label">{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
