import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import './tabs.css';

export interface TabDefinition {
  label: string;
  /** Rendered only while the tab is selected. */
  render: () => ReactNode;
}

const KEY_STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * ARIA tabs (automatic activation): arrow keys, Home and End move between the tabs. `onSelect` hears
 * each tab the person picks (a page that keeps the choice in its address); `selected`, when given,
 * is that choice as the page now has it (the address changed by a link or Back), and wins.
 */
export function Tabs({
  label,
  tabs,
  initial = 0,
  selected: chosen,
  onSelect,
}: {
  label: string;
  tabs: TabDefinition[];
  initial?: number;
  selected?: number;
  onSelect?: (index: number) => void;
}) {
  const [picked, setSelectedState] = useState(initial);
  const selected = chosen ?? picked;
  const setSelected = (index: number) => {
    setSelectedState(index);
    onSelect?.(index);
  };
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (index: number) => `${baseId}-tab-${index}`;
  const panelId = (index: number) => `${baseId}-panel-${index}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = step(selected, tabs.length);
    setSelected(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <button
            key={tab.label}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(index)}
            className="tabs__tab"
            aria-selected={index === selected}
            aria-controls={panelId(index)}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.label}
          role="tabpanel"
          id={panelId(index)}
          aria-labelledby={tabId(index)}
          className="tabs__panel"
          tabIndex={0}
          hidden={index !== selected}
        >
          {index === selected && tab.render()}
        </div>
      ))}
    </div>
  );
}
