import { describe, expect, it } from 'vitest';
import { carouselFor } from './carousel';

const card = (key: string, course_level: 'Paramedic' | 'EMT' | 'Both') => ({ key, course_level });
const cards = [
  card('p1', 'Paramedic'),
  card('e1', 'EMT'),
  card('p2', 'Paramedic'),
  card('all', 'Both'),
  card('e2', 'EMT'),
  card('p3', 'Paramedic'),
  card('e3', 'EMT'),
  card('p4', 'Paramedic'),
];

describe('carouselFor (decision 107)', () => {
  it('never offers an EMT student a Paramedic course, nor a Paramedic student an EMT one', () => {
    expect(carouselFor('EMT', cards).map((c) => c.key)).toEqual(['e1', 'all', 'e2', 'e3']);
    expect(carouselFor('Paramedic', cards).map((c) => c.key)).toEqual(['p1', 'p2', 'all', 'p3', 'p4']);
  });
  it('offers a Both student the first six of every level, in order', () => {
    expect(carouselFor('Both', cards).map((c) => c.key)).toEqual(['p1', 'e1', 'p2', 'all', 'e2', 'p3']);
  });
});
