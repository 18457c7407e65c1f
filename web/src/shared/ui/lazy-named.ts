import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** React.lazy for a module's named export, so components stay named exports yet load in their own chunk. */
export function lazyNamed<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(async () => ({ default: (await load())[name] }));
}
