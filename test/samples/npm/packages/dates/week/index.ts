import { getDefaultOptions } from 'date-fns';
import { startOfWeek } from 'date-fns/startOfWeek';

/** The day of the month the week of 10 January 2024 (a Wednesday) starts on: 8 when weeks start on Monday. */
export function weekStart(): number {
  return startOfWeek(new Date(2024, 0, 10)).getDate();
}

export function defaults(): string {
  return JSON.stringify(getDefaultOptions());
}
