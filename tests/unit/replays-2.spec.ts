// Part 2 of 2 of the replay proofs (tests/unit/replays.ts): the halves run in parallel workers.
import { describeReplays } from './replays';

describeReplays(1, 2);
