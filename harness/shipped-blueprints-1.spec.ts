// Part 1 of 2 of the shipped-blueprint checks (harness/shipped-blueprints.ts): the halves run in parallel workers.
import { describeShippedBlueprints } from './shipped-blueprints';

describeShippedBlueprints(0, 2);
