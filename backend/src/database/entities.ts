import { CaseStudyEntity } from '../modules/case-studies/entities/case-study.entity.js';

/** Every TypeORM entity of the application, listed once (ESM has no glob loading). */
export const entities: Function[] = [
  CaseStudyEntity,
];
