import { PlaceholderPage } from './placeholder-page';

export default function SavedPage() {
  return (
    <PlaceholderPage
      title="Saved"
      lead="Cards, videos and scenarios you save will appear here."
      items={[
        'Sample: Adenosine — 6 mg rapid IV push, then 12 mg',
        'Sample: Rule of nines for adult burns',
        'Sample: START triage categories',
      ]}
    />
  );
}
