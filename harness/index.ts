/**
 * The salesgym package's programmatic API (`import { makeEnv } from 'salesgym'`): the Gymnasium-style env,
 * the agents, the parallel runner, calibration, the HTTP bridge to a gym's API, and the WebDriver client. TypeScript source: run it with a
 * TypeScript-aware loader (tsx, Vitest, Playwright Test) — the CLI (`npx salesgym`) registers tsx itself.
 */
export { makeEnv, observationDigest, openBrowser, DEFAULT_MAX_STEPS, defaultMaxSteps } from './env';
export type { EnvOptions, Observation, ResetResult, RewardMode, SalesgymEnv, StepInfo, StepResult, TabInfo } from './env';
export { Action, Target, Blueprint, Difficulty, BANDS } from '../blueprints/schema';
export { InvalidActionError, performAction, describeAction } from './actions';
export { renderAxtree, parseAxtreeElements, elementId } from './axtree';
export type { AxTree, ElementRef, ParsedElement } from './axtree';
export { agentByName, oracle, noop, randomAgent, noisyOracle, commandAgent, httpAgent, oracleActions, AgentError, AGENT_SPECS } from './agents';
export type { Agent, AgentSession, AgentTurn, EpisodeContext } from './agents';
export { runEpisodes, playEpisode, reopeningBrowser, trajectoryFile, startEpisode, resetRun, verifyRun, verifySteps, sealHeaders } from './runner';
export { isProductUrl, navigationError, newSecret, sealedByDefault, UNSEALED_ENV } from './seal';
export type { BrowserSource, EpisodeOutcome, EpisodeRecord, RunOptions, RunSummary, TrajectoryLine } from './runner';
export { passAtK, passHatK, bandOf, calibrationReport, calibrationHtml, parseThresholds, writeDifficulty, DEFAULT_THRESHOLDS } from './calibrate';
export type { BandThresholds, CalibrationReport, TaskCalibration } from './calibrate';
export { loadBlueprints, selectTasks } from './blueprints';
export { startServer, demoTasks } from './server';
export { startBridge, bridgeTarget, BRIDGE_GYMS, FORWARDED_REQUEST_HEADERS } from './bridge';
export type { BridgeExchange, BridgeGym, BridgeOptions, RunningBridge } from './bridge';
export { InfrastructureError, UsageError } from './errors';
export { WebDriverSession, startChromedriver, playOracleOverWebDriver, chromeCapabilities } from './webdriver';
export { EnvAction, PixelAction, isPixelAction, performPixelAction, chord, marksOf, hitTest, DEFAULT_VIEWPORT } from './pixel';
export type { Mark, Viewport } from './pixel';
export { pixelOracle, pixelPlan } from './pixel-agent';
export { exportDataset, readDataset, blueprintHash } from './dataset';
export type { DatasetFormat, DatasetEpisode, DatasetStep, ExportSummary } from './dataset';
export { writeTrajectory } from './trajectory';
export { buildStatus, ensureFreshBuild, TaskNotInBuildError } from './build-check';
export { startEnvService } from './serve-env';
export { mcpHandler, mcpTools, serveMcpStdio } from './mcp';
