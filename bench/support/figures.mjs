/** Small arithmetic the benchmarks share. */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const round = (value, digits = 0) => Number(value.toFixed(digits));
/** The p-th percentile (0–100) of ascending `sorted` values (nearest rank). */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
