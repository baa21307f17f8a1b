import type { Video } from '@shared/videos';

/**
 * The six built-in sample videos shown when the library cannot be loaded (docs/product.md §8). They are
 * demo clips shipped with the app under /media/videos/ (served to subscribers only, like every study
 * file), so they play when the library list fails to load. Ids are outside the range of library rows.
 */
export const SAMPLE_VIDEOS: readonly Video[] = [
  {
    id: 9001,
    key: 'vid-adult-cpr-quality',
    title: 'High-Quality Adult CPR',
    category: 'Cardiology',
    duration: '1:08',
    videoUrl: '/media/videos/vid-adult-cpr-quality.mp4',
    thumbnailUrl: '/media/videos/vid-adult-cpr-quality.jpg',
    courseLevel: 'Both',
    description: 'The five components of high-quality adult CPR with the AHA targets for rate, depth, recoil, pauses and ventilation.',
  },
  {
    id: 9002,
    key: 'vid-primary-assessment-xabcde',
    title: 'Primary Assessment: XABCDE',
    category: 'Assessment',
    duration: '1:06',
    videoUrl: '/media/videos/vid-primary-assessment-xabcde.mp4',
    thumbnailUrl: '/media/videos/vid-primary-assessment-xabcde.jpg',
    courseLevel: 'Both',
    description: 'Find and treat immediate life threats in order, starting with massive external bleeding.',
  },
  {
    id: 9003,
    key: 'vid-anaphylaxis-epinephrine',
    title: 'Anaphylaxis: IM Epinephrine First',
    category: 'Pharmacology',
    duration: '1:08',
    videoUrl: '/media/videos/vid-anaphylaxis-epinephrine.mp4',
    thumbnailUrl: '/media/videos/vid-anaphylaxis-epinephrine.jpg',
    courseLevel: 'Both',
    description: 'Recognizing anaphylaxis and giving intramuscular epinephrine 1 mg/mL at the right dose and site, plus supportive care.',
  },
  {
    id: 9004,
    key: 'vid-oxyhemoglobin-dissociation-curve',
    title: 'The Oxygen–Hemoglobin Dissociation Curve',
    category: 'Airway/Respiratory',
    duration: '1:07',
    videoUrl: '/media/videos/vid-oxyhemoglobin-dissociation-curve.mp4',
    thumbnailUrl: '/media/videos/vid-oxyhemoglobin-dissociation-curve.jpg',
    courseLevel: 'Both',
    description: 'How the S-shaped oxyhemoglobin curve links SpO2 to PaO2, and what shifts it right or left.',
  },
  {
    id: 9005,
    key: 'vid-stroke-be-fast-lvo',
    title: 'Stroke: BE-FAST and LVO Screening',
    category: 'Medical',
    duration: '1:12',
    videoUrl: '/media/videos/vid-stroke-be-fast-lvo.mp4',
    thumbnailUrl: '/media/videos/vid-stroke-be-fast-lvo.jpg',
    courseLevel: 'Both',
    description: 'Recognizing stroke with BE-FAST, ruling out hypoglycemia, and screening for large vessel occlusion.',
  },
  {
    id: 9006,
    key: 'vid-tension-pneumothorax-decompression',
    title: 'Tension Pneumothorax and Needle Decompression',
    category: 'Trauma',
    duration: '1:12',
    videoUrl: '/media/videos/vid-tension-pneumothorax-decompression.mp4',
    thumbnailUrl: '/media/videos/vid-tension-pneumothorax-decompression.jpg',
    courseLevel: 'Both',
    description:
      'Signs of tension pneumothorax and the two needle decompression sites: 2nd intercostal space midclavicular line and 4th/5th intercostal space anterior axillary line.',
  },
];
