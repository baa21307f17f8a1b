import { questionCategories, type SortingItem, type SortingQuestion } from '@shared/sorting';

/**
 * The six built-in sample questions used when the question bank cannot be loaded or is empty
 * (docs/product.md §8). They are within both EMT and Paramedic scope, so every student gets all six.
 * Ids sit outside the range of the content's question ids so their progress never mixes with it.
 */
function sample(
  questionId: number,
  category: string,
  questionText: string,
  reference: string,
  items: [string, string, string][],
): SortingQuestion {
  const list: SortingItem[] = items.map(([itemKey, medication, correctAnswer]) => ({ itemKey, medication, correctAnswer }));
  return { questionId, category, questionText, reference, items: list, categories: questionCategories(list) };
}

export const SAMPLE_QUESTIONS: readonly SortingQuestion[] = [
  sample(
    9001,
    'Pharmacology',
    'Sort each medication into its class.',
    'NASEMSO National Model EMS Clinical Guidelines v3 (2022), Medication appendix',
    [
      ['albuterol', 'Albuterol', 'Bronchodilator'],
      ['ipratropium', 'Ipratropium', 'Bronchodilator'],
      ['nitroglycerin', 'Nitroglycerin', 'Vasodilator'],
      ['aspirin', 'Aspirin', 'Antiplatelet'],
      ['clopidogrel', 'Clopidogrel', 'Antiplatelet'],
      ['naloxone', 'Naloxone', 'Opioid antagonist'],
    ],
  ),
  sample(
    9002,
    'Pharmacology',
    'Sort each medication into the emergency it is given for in the field.',
    'NASEMSO National Model EMS Clinical Guidelines v3 (2022): Hypoglycemia; Anaphylaxis and Allergic Reaction; Chest Pain/Acute Coronary Syndrome; Opioid Poisoning/Overdose',
    [
      ['oral-glucose', 'Oral glucose 15 g', 'Hypoglycemia'],
      ['glucagon', 'Glucagon 1 mg IM', 'Hypoglycemia'],
      ['epinephrine-im', 'Epinephrine 0.3 mg IM (1 mg/mL)', 'Anaphylaxis'],
      ['diphenhydramine', 'Diphenhydramine', 'Anaphylaxis'],
      ['aspirin-chewed', 'Aspirin 324 mg chewed', 'Acute coronary syndrome'],
      ['nitro-sl', 'Nitroglycerin 0.4 mg SL', 'Acute coronary syndrome'],
      ['naloxone-in', 'Naloxone 4 mg intranasal', 'Opioid overdose'],
    ],
  ),
  sample(
    9003,
    'Medical',
    'Sort each presentation into the type of shock it most suggests.',
    'PHTLS 10th ed., Shock; NASEMSO National Model EMS Clinical Guidelines v3 (2022), Shock',
    [
      ['gi-bleed', 'Cool, pale, clammy skin and a weak rapid pulse after vomiting blood', 'Hypovolemic'],
      ['dehydration', 'Three days of vomiting and diarrhea with dry mucous membranes', 'Hypovolemic'],
      ['bee-sting', 'Hives, wheezing and hypotension minutes after a bee sting', 'Distributive'],
      ['neurogenic', 'Warm, dry skin and bradycardia with hypotension after a spinal cord injury', 'Distributive'],
      ['large-mi', 'Crackles, JVD and hypotension after a large anterior MI', 'Cardiogenic'],
      ['tension', 'Absent breath sounds on one side, JVD and hypotension after a fall', 'Obstructive'],
      ['tamponade', 'Muffled heart sounds, JVD and hypotension after a stab wound to the chest', 'Obstructive'],
    ],
  ),
  sample(
    9004,
    'Assessment',
    'Sort each finding as a sign or a symptom.',
    'National EMS Education Standards, Assessment: history taking and secondary assessment',
    [
      ['nausea', 'Nausea', 'Symptom'],
      ['headache', 'Headache', 'Symptom'],
      ['dizziness', 'Feeling dizzy', 'Symptom'],
      ['chest-pressure', 'Chest pressure the patient describes', 'Symptom'],
      ['bp', 'Blood pressure of 82/50 mmHg', 'Sign'],
      ['diaphoresis', 'Diaphoresis', 'Sign'],
      ['pupils', 'Unequal pupils', 'Sign'],
      ['stridor', 'Stridor', 'Sign'],
    ],
  ),
  sample(
    9005,
    'Anatomy',
    'Sort each bone into the axial or the appendicular skeleton.',
    'National EMS Education Standards, Anatomy and Physiology: the skeletal system',
    [
      ['skull', 'Skull', 'Axial skeleton'],
      ['sternum', 'Sternum', 'Axial skeleton'],
      ['ribs', 'Ribs', 'Axial skeleton'],
      ['sacrum', 'Sacrum', 'Axial skeleton'],
      ['clavicle', 'Clavicle', 'Appendicular skeleton'],
      ['scapula', 'Scapula', 'Appendicular skeleton'],
      ['femur', 'Femur', 'Appendicular skeleton'],
      ['radius', 'Radius', 'Appendicular skeleton'],
    ],
  ),
  sample(
    9006,
    'Medical',
    'Sort each step or finding into the Cincinnati Prehospital Stroke Scale component it belongs to.',
    'Cincinnati Prehospital Stroke Scale (Kothari et al., 1999); AHA 2020 Guidelines for CPR and ECC, Adult Suspected Stroke',
    [
      ['smile', 'Ask the patient to smile or show their teeth', 'Facial droop'],
      ['face-uneven', 'One side of the face does not move as well as the other', 'Facial droop'],
      ['arms-out', 'Eyes closed, both arms held straight out for 10 seconds', 'Arm drift'],
      ['arm-falls', 'One arm drifts down compared with the other', 'Arm drift'],
      ['repeat-phrase', 'Ask the patient to repeat "You can\'t teach an old dog new tricks"', 'Speech'],
      ['slurred', 'Slurred words, wrong words or unable to speak', 'Speech'],
    ],
  ),
];
