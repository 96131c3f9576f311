import { HttpException, HttpStatus } from '@nestjs/common';
import type { ApiErrorBody } from '@northbeam/common';

/** An HttpException whose body already follows the error contract (docs/product.md#api). */
export class ApiError extends HttpException {
  constructor(status: HttpStatus, error: string, fieldErrors?: Record<string, string[]>) {
    const body: ApiErrorBody = { statusCode: status, error };
    if (fieldErrors) body.fieldErrors = fieldErrors;
    super(body, status);
  }
}
