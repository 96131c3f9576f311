import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names (clsx). It does not resolve conflicting utilities: a component and its callers
 * never set the same property twice (a variant or size covers each difference instead).
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
