/** What the audit trail records (`audit_log.action`), with the label the admin view shows. */
export const AUDIT_ACTIONS = {
  'user.create': 'User created',
  'user.delete': 'User deleted',
  'user.role': 'Role changed',
  'user.course_level': 'Course level changed',
  'user.access_granted': 'Access granted',
  'user.reset_password_sent': 'Password reset e-mail sent',
  'code.create': 'Code created',
  'code.update': 'Code edited',
  'code.toggle': 'Code turned on or off',
  'code.delete': 'Code deleted',
  'auth.sign_in_failed': 'Failed sign-in',
  'auth.account_locked': 'Account locked after failed sign-ins',
  'question_report.resolve': 'Question report resolved',
  'question_report.reply': 'Question report answered',
  'question_report.reopen': 'Question report reopened',
  'nremt_result.import': 'NREMT results imported',
  'readiness.validate': 'Readiness validation run',
  'job.run_requested': 'Job started by hand',
  'class.create': 'Class created',
  'class.join': 'Student joined a class',
  'class.leave': 'Student left a class',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];
