/**
 * The timeline part of the console: a Simulation's steps (with each step's exchange, changed
 * records, state and a fork from it) and its virtual clock. The Simulation view places both.
 */
import './timeline.css';

export { StepTimeline, type StepTimelineProps } from './step-timeline.js';
export { ClockPanel, type ClockPanelProps } from './clock-panel.js';
