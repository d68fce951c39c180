import { useId } from "react";

/** An on/off setting: a checkbox announced as a switch, its label and a line saying what it does. */
export function SettingsSwitch(props: { name: string; label: string; hint: string; defaultChecked: boolean }) {
  const id = useId();
  return (
    <div className="settings-switch">
      <input
        id={id}
        type="checkbox"
        role="switch"
        name={props.name}
        defaultChecked={props.defaultChecked}
        aria-describedby={`${id}-hint`}
      />
      <label htmlFor={id}>
        <span className="settings-switch__label">{props.label}</span>
        <span className="settings-switch__hint" id={`${id}-hint`}>
          {props.hint}
        </span>
      </label>
    </div>
  );
}
