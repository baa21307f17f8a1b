// npm run content:check — validates every study content file (formats in content/FORMAT.md).
import path from 'node:path';
import { loadContent } from '../src/server/content/load';

const { content, problems } = loadContent(path.resolve('.'));
const levels = (items: { course_level: string }[]) =>
  Object.entries(items.reduce<Record<string, number>>((acc, i) => ({ ...acc, [i.course_level]: (acc[i.course_level] ?? 0) + 1 }), {}))
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
console.log(`flashcards: ${content.flashcards.length} (${levels(content.flashcards)})`);
console.log(`scenarios:  ${content.scenarios.length}`);
console.log(`drag-drop:  ${content.dragDrop.length} (${levels(content.dragDrop)})`);
console.log(`sorting:    ${content.sorting.length} (${levels(content.sorting)})`);
console.log(`videos:     ${content.videos.length}`);
console.log(`badges:     ${content.badges.length}`);
console.log(`carousel:   ${content.resources.length}`);
if (problems.length) {
  console.error(`\n${problems.length} problem(s):`);
  for (const p of problems) console.error(`  - ${p}`);
  process.exit(1);
}
console.log(`\nContent OK (version ${content.version}).`);
