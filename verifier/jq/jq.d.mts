/** jq 1.8.2 compiled by build.sh (Emscripten `-sMODULARIZE -sEXPORT_ES6`): the module factory. See ../jq-engine.ts. */
import type { JqFactory } from '../jq-engine';
declare const createJq: JqFactory;
export default createJq;
