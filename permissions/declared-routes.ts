import { hasOwnRoute, type ResourceDeclaration } from '../resources/types';
import type { RouteNode } from './routes';

/**
 * The spec's route table with the routes of the declared resources (resources/index.ts) folded in, so that
 * a declaration is all it takes for the CASL ability, the menu and the route guard to know an entity:
 *
 * - a route of the table keeps the table's place and roles (spec §6); its declaration must name the same path
 *   and group, and may give its menu entry an icon;
 * - a new route is added to the end of its group (or the top level) with the roles it declares.
 *
 * A declaration that contradicts the table is a developer's mistake: it throws when the module loads, so
 * neither the server nor the web app starts with a route table the two sides would read differently.
 */
export function withDeclaredRoutes(table: readonly RouteNode[], declarations: readonly ResourceDeclaration[]): RouteNode[] {
  const declared = new Map(declarations.filter(hasOwnRoute).map((d) => [d.name, d]));
  const inTable = new Set<string>();
  const collect = (nodes: readonly RouteNode[]): void => nodes.forEach((n) => (n.children ? collect(n.children) : inTable.add(n.key)));
  collect(table);
  const placed = new Set<string>();

  const merge = (nodes: readonly RouteNode[], group: string | undefined): RouteNode[] => {
    const merged = nodes.map((node): RouteNode => {
      if (node.children) return { ...node, children: merge(node.children, node.key) };
      const declaration = declared.get(node.key);
      if (!declaration) return node;
      placed.add(node.key);
      const where = `resources/${declaration.name}`;
      if (declaration.route !== node.path)
        throw new Error(`${where}: route '${declaration.route}' is not the route table's '${node.path}'`);
      if (declaration.group !== group)
        throw new Error(`${where}: group '${declaration.group ?? ''}' is not the route table's '${group ?? ''}'`);
      if (declaration.roles) throw new Error(`${where}: a route of the spec's table keeps its roles (permissions/routes.ts)`);
      return declaration.icon ? { ...node, icon: declaration.icon } : node;
    });
    for (const declaration of declared.values()) {
      if (inTable.has(declaration.name) || placed.has(declaration.name) || declaration.group !== group) continue;
      if (!declaration.roles) throw new Error(`resources/${declaration.name}: a route outside the spec's table declares its roles`);
      placed.add(declaration.name);
      merged.push({ key: declaration.name, path: declaration.route, icon: declaration.icon, roles: declaration.roles });
    }
    return merged;
  };

  const routes = merge(table, undefined);
  const lost = [...declared.keys()].find((key) => !placed.has(key));
  if (lost) throw new Error(`resources/${lost}: group '${declared.get(lost)!.group}' is no group of the route table`);
  return routes;
}
