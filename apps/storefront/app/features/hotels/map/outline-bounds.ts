/**
 * West, south, east, north (degrees): the area the maps may pan to, and the area the bundled country
 * outlines cover (scripts/country-outlines.ts). Europe, Turkey and the Mediterranean's shores.
 */
export const outlineBounds = [-45, 20, 80, 84] as const;
