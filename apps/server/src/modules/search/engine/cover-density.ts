/**
 * ts_rank_cd's default weights for the classes D, C, B, A, as the float4 values PostgreSQL computes with
 * (1 / (1 / w) gives w back exactly for each, so sums of them are exact in any order).
 */
export const weightOfClass = Float64Array.from([0.1, 0.2, 0.4, 1.0], (weight) => Math.fround(weight));
const inverseWeightOfClass = weightOfClass.map((weight) => 1 / weight);

/**
 * The document's positions that some query term matches, sorted as PostgreSQL sorts them (position,
 * weight class, lexeme), each with the bit set of query groups its lexeme satisfies.
 */
export type MatchedPositions = {
  positions: Int32Array;
  weightClasses: Uint8Array;
  groups: Uint32Array;
  from: number;
  to: number;
};

/**
 * ts_rank_cd(document, query) with normalization 0 for a query that is an AND of OR-groups, ported from
 * PostgreSQL's calc_rank_cd / Cover (src/backend/utils/adt/tsrank.c): every minimal window of positions
 * that satisfies the query (a cover) adds (entries / Σ 1/weight) / (1 + noise positions inside it).
 * The result is rounded to float4 like the SQL function's, so equal ranks tie as they do in SQL.
 */
export function coverDensityRank(matched: MatchedPositions, allGroups: number): number {
  const { positions, weightClasses, groups, from, to } = matched;
  let rank = 0;
  let start = from;
  for (;;) {
    let seen = 0;
    let end = -1;
    for (let i = start; i < to; i++) {
      seen |= groups[i]!;
      if (seen === allGroups) {
        end = i;
        break;
      }
    }
    // PostgreSQL accepts the cover's end only above position 0 and stops otherwise.
    if (end < 0 || positions[end]! <= 0) break;
    const upper = positions[end]!;
    seen = 0;
    let begin = -1;
    let lower = 0x7fffffff;
    let i = end;
    for (; i >= start; i--) {
      seen |= groups[i]!;
      if (seen === allGroups) {
        if (positions[i]! < lower) {
          begin = i;
          lower = positions[i]!;
        }
        break;
      }
    }
    if (lower > upper) {
      start++;
      continue;
    }
    start = i + 1;
    let inverseSum = 0;
    for (let k = begin; k <= end; k++) inverseSum += inverseWeightOfClass[weightClasses[k]!]!;
    const density = (end - begin + 1) / inverseSum;
    let noise = upper - lower - (end - begin);
    if (noise < 0) noise = (end - begin) >> 1;
    rank += density / (1 + noise);
  }
  return Math.fround(rank);
}
