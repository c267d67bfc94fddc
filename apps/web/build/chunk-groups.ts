import type { GetModuleInfo, ManualChunkMeta } from 'rollup';
import type { Plugin } from 'vite';

// Rollup's default splitting gives every set of lazy routes that share a module a chunk of its
// own: a signed-in page then fetched some forty chunks of 1–8 KB, which a phone on HTTP/1.1 (six
// connections, a round trip each) takes about seven round trips to load (ADR 0048). This groups
// them into a few chunks, by who needs them:
//
//   index      what the entry loads anyway (its static imports): kept in the entry, so that no
//              group below pulls it out of there.
//   forms      building blocks (components, lib, api, the shared package, npm packages) of the
//              chunks the first page fetches after its paint (the registration form, the
//              two-factor step) that other lazy routes use too: `/` fetches no more than these.
//   shared     the other building blocks that two or more lazy routes use, signed out or in.
//   care       signed-in modules that both a patient's page and a doctor's or admin's page use.
//   signed-in  signed-in modules that two or more of the patient's lazy routes share, and no staff.
//   staff      the same for the doctor's and the admin's areas, when no patient page uses them.
//
// What one lazy route alone uses stays in its own chunk, and the features of a single area (the
// meeting, used by the guest's, the patient's and the doctor's call pages) are not building
// blocks: every signed-in page would otherwise download the call. Nor is a building block that
// only one area uses (the file-transfer protocol, only the meeting's; the admin's contracts):
// it stays with that area's chunks.

/** The route module of `/`, in the entry; what it (or its parts) import lazily, it fetches later. */
const FIRST_PAGE = '/src/features/auth/components/welcome-page.tsx';
/** The lazily loaded layouts of the signed-in side (src/app/routes.tsx). */
const SIGNED_IN_LAYOUTS = [
  '/src/app/layouts/signed-in-layout.tsx',
  '/src/app/layouts/dashboard-layout.tsx',
  '/src/app/pages/dashboard-home-page.tsx',
];
/** Route tables in the entry whose lazily loaded pages are all signed-in pages. */
const SIGNED_IN_ROUTE_TABLES = ['/src/app/patient-routes.tsx', '/src/app/signed-in-pages.tsx'];
/** The root of the doctor's and the admin's areas. */
const STAFF_ROOT = '/src/app/staff-routes.tsx';
const BUILDING_BLOCK =
  /\/apps\/web\/src\/(components|lib|api)\/|\/packages\/shared\/|\/node_modules\//;
/** A feature's folder: one area. Any other module that is no building block is an area of its own. */
const FEATURE_AREA = /\/apps\/web\/src\/features\/[^/]+\//;

/**
 * The areas whose own modules use building block `id`, directly or through other building
 * blocks (memoized in `seen`).
 */
function areasUsing(id: string, info: GetModuleInfo, seen: Map<string, Set<string>>): Set<string> {
  const known = seen.get(id);
  if (known) return known;
  const areas = new Set<string>();
  seen.set(id, areas); // an import cycle adds nothing twice
  for (const importer of info(id)?.importers ?? []) {
    if (BUILDING_BLOCK.test(importer)) {
      for (const area of areasUsing(importer, info, seen)) areas.add(area);
    } else areas.add(FEATURE_AREA.exec(importer)?.[0] ?? importer);
  }
  return areas;
}

type Group = 'index' | 'forms' | 'shared' | 'care' | 'signed-in' | 'staff';

/**
 * Rollup moves every static import of a grouped module into its group unless it is in another
 * group. So each group may only import from the entry and from the groups listed here — the
 * order in which a page loads them — or the entry would end up importing a lazy group.
 */
const MAY_IMPORT: Record<Exclude<Group, 'index'>, Group[]> = {
  forms: ['index', 'forms'],
  shared: ['index', 'forms', 'shared'],
  care: ['index', 'forms', 'shared', 'care'],
  'signed-in': ['index', 'forms', 'shared', 'care', 'signed-in'],
  staff: ['index', 'forms', 'shared', 'care', 'staff'],
};

/**
 * The modules reachable from `starts` through static (and, if asked, lazy) imports, not going on
 * into a module for which `stopAt(id, lazily)` says so.
 */
function reachable(
  starts: string[],
  info: GetModuleInfo,
  { lazyToo, stopAt }: { lazyToo: boolean; stopAt: (id: string, lazily: boolean) => boolean },
): Set<string> {
  const seen = new Set<string>();
  const todo = [...starts];
  const visit = (next: string, lazily: boolean) => {
    if (!seen.has(next) && !stopAt(next, lazily)) todo.push(next);
  };
  for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const module = info(id);
    if (!module) continue;
    for (const next of module.importedIds) visit(next, false);
    if (lazyToo) for (const next of module.dynamicallyImportedIds) visit(next, true);
  }
  return seen;
}

/** The group of every grouped module of one build. */
function assignGroups(meta: ManualChunkMeta): Map<string, Group> {
  const info = meta.getModuleInfo;
  const ids = [...meta.getModuleIds()];
  const find = (suffix: string) => {
    const id = ids.find((candidate) => candidate.endsWith(suffix));
    if (!id) throw new Error(`chunk-groups: no module ${suffix} in the build`);
    return id;
  };
  const roots = [
    ...SIGNED_IN_LAYOUTS.map(find),
    ...SIGNED_IN_ROUTE_TABLES.flatMap((table) => info(find(table))?.dynamicallyImportedIds ?? []),
  ];
  const staff = find(STAFF_ROOT);
  const entries = ids.filter((id) => info(id)?.isEntry);
  const inEntry = reachable(entries, info, { lazyToo: false, stopAt: () => false });
  const isInEntry = (id: string) => inEntry.has(id);
  // A signed-in page that a signed-out page imports (the guest's call is the patient's) is on the
  // signed-out side too.
  const signedOutSide = reachable(entries, info, {
    lazyToo: true,
    stopAt: (id, lazily) => lazily && (roots.includes(id) || id === staff),
  });

  /** How many lazily loaded chunks reachable from `starts` need each module outside the entry. */
  const sharers = (starts: string[], stopAt: (id: string) => boolean = () => false) => {
    const lazyRoots = [
      ...reachable(starts, info, { lazyToo: true, stopAt: (id) => isInEntry(id) || stopAt(id) }),
    ].filter((id) => starts.includes(id) || (info(id)?.dynamicImporters.length ?? 0) > 0);
    const counts = new Map<string, number>();
    for (const root of lazyRoots)
      for (const id of reachable([root], info, { lazyToo: false, stopAt: isInEntry }))
        counts.set(id, (counts.get(id) ?? 0) + 1);
    return counts;
  };
  const firstPage = reachable([find(FIRST_PAGE)], info, { lazyToo: false, stopAt: () => false });
  const firstPageLater = reachable(
    [...firstPage].flatMap((id) => info(id)?.dynamicallyImportedIds ?? []),
    info,
    { lazyToo: false, stopAt: isInEntry },
  );
  const everyone = sharers([...entries, ...roots, staff]);
  const patients = sharers(roots, (id) => id === staff);
  const staffOnly = sharers([staff]);

  const areas = new Map<string, Set<string>>();
  const usedByOneArea = (id: string) =>
    BUILDING_BLOCK.test(id) && areasUsing(id, info, areas).size < 2;
  const candidates = new Map<string, Exclude<Group, 'index'>>();
  for (const [id, count] of everyone) {
    if (count < 2 || isInEntry(id) || usedByOneArea(id)) continue;
    if (signedOutSide.has(id)) {
      if (BUILDING_BLOCK.test(id)) candidates.set(id, firstPageLater.has(id) ? 'forms' : 'shared');
    } else if (patients.has(id) && staffOnly.has(id)) candidates.set(id, 'care');
    else if ((patients.get(id) ?? 0) >= 2) candidates.set(id, 'signed-in');
    else if ((staffOnly.get(id) ?? 0) >= 2) candidates.set(id, 'staff');
  }
  // A module whose imports break MAY_IMPORT stays where Rollup would put it; so may, in turn, the
  // modules that import it.
  for (let changed = true; changed;) {
    changed = false;
    for (const [id, group] of candidates) {
      const fits = (info(id)?.importedIds ?? []).every((imported) => {
        const its: Group | undefined = isInEntry(imported) ? 'index' : candidates.get(imported);
        return its !== undefined && MAY_IMPORT[group].includes(its);
      });
      if (!fits) {
        candidates.delete(id);
        changed = true;
      }
    }
  }
  const groups = new Map<string, Group>([...inEntry].map((id) => [id, 'index']));
  for (const [id, group] of candidates) groups.set(id, group);
  return groups;
}

/** The grouping above as the build's `manualChunks`, assigned afresh for every build. */
export function chunkGroupsPlugin(): Plugin {
  let groups: Map<string, Group> | undefined;
  return {
    name: 'vizita:chunk-groups',
    apply: 'build',
    config: () => ({
      build: {
        rollupOptions: {
          output: { manualChunks: (id, meta) => (groups ??= assignGroups(meta)).get(id) },
        },
      },
    }),
    buildStart() {
      groups = undefined;
    },
  };
}
