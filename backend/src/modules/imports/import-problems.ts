import { importLimits } from '@northbeam/common';

/** Adds a problem, keeping at most `importLimits.problemsMax` (the last line says how many more there were). */
export function addProblem(problems: string[], sentence: string): void {
  if (problems.length < importLimits.problemsMax) problems.push(sentence);
  else if (problems.length === importLimits.problemsMax)
    problems.push('More problems were found; only the first ones are listed.');
}
