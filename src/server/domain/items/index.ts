// Question items for students: which they may see and where (access), the one answer check (check), and the items as sent,
// their option orders, scoring views and feedback (views), and the student's marks on items (marks). Practice, review, progress and the practice exam use this module
// and nothing else to read or score items.
export * from './access';
export * from './check';
export * from './marks';
export * from './views';
