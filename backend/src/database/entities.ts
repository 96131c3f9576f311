/** Every TypeORM entity of the application, listed once (ESM has no glob loading). */
export const entities: Function[] = [];
