// The machine a bench ran on, printed first by each bench. The development machines are 2-core virtual
// machines whose host processor changes from day to day, and the same code has measured 2.5 times slower on
// one than on another: figures from different days compare only with this line beside them.
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** The processor's name, its x86 family and model when Linux tells them, and the cores the bench can use. */
export function machineLine(): string {
  const cores = cpus();
  const name = cores[0]?.model.trim() || 'unknown processor';
  return `machine: ${name}${cpuGeneration()}, ${cores.length} cores, Node ${process.versions.node}`;
}

/** " (family 23, model 1)" from /proc/cpuinfo: the generation a bare "AMD EPYC" hides. Empty elsewhere. */
function cpuGeneration(): string {
  let info: string;
  try {
    info = readFileSync('/proc/cpuinfo', 'utf8');
  } catch {
    return '';
  }
  const family = /^cpu family\s*:\s*(\d+)/m.exec(info)?.[1];
  const model = /^model\s*:\s*(\d+)/m.exec(info)?.[1];
  return family && model ? ` (family ${family}, model ${model})` : '';
}
