// The median the benchmarks report: the middle value (of an even count, the upper of the two
// middle ones; every documented figure comes from an odd number of rounds).
export const median = (numbers: number[]): number => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;
