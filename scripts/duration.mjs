/** A stage's time as the test run prints it: whole seconds, "8 min 05 s" (539.6 s is "9 min 00 s"). */
export function minutes(seconds) {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}
