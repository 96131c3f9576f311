import { Transform } from 'class-transformer';
import { normaliseMediaAddress } from '@northbeam/common';

/** Trims a text field before it is validated (other values pass as they are). */
export function Trim(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
}

/** Trims a text field and treats an empty one as absent, for optional fields. */
export function TrimToUndefined(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  });
}

/** Trims an image address and writes a library address's id in lower case (uses are found by id). */
export function TrimMediaAddress(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? normaliseMediaAddress(value.trim()) : value,
  );
}
