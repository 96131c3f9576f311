/** What `TaskLocks.withLock` (backend/src/database/task-locks.ts) answers: the task's result, or that another instance ran it. */
export type LockedRun<T> = { ran: true; result: T } | { ran: false };

/** Advisory lock keys, one per scheduled task; arbitrary constants shared by every instance. */
export const taskLockKeys = {
  deletionProcessing: 804_211_101,
  retention: 804_211_102,
  privacyDigest: 804_211_103,
  scheduledPosts: 804_211_104,
  scheduledNewsletters: 804_211_110,
  enquiryReminders: 804_211_105,
  enquiryDigest: 804_211_106,
  inboundMail: 804_211_120,
} as const;
