/** The team's support address shown in the "Email Confirmation Required" notice. */
export const SUPPORT_EMAIL = 'support@medicprep.app';
