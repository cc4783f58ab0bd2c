import type { MedicalAnswer, PatientMedicalQuestion } from '@dental/contract';
import { Checkbox, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { localText } from '../local-text';

interface AnswerControlProps {
  question: PatientMedicalQuestion;
  value: MedicalAnswer | null;
  onChange: (value: MedicalAnswer | null) => void;
  disabled?: boolean;
}

/** The input of one question: Yes/No buttons, one radio per option (single choice), or checkboxes (multi choice). */
export function AnswerControl({ question, value, onChange, disabled }: AnswerControlProps) {
  const { t } = useTranslation('medical');
  const label = localText(question.textAr, question.textEn, question.textFr);
  const options = question.options.map((o, i) => ({ value: i, label: localText(o.ar, o.en, o.fr) }));
  switch (question.questionType) {
    case 'yesNo':
      return (
        <Radio.Group
          aria-label={label}
          optionType="button"
          buttonStyle="solid"
          disabled={disabled}
          value={value && 'yes' in value ? value.yes : undefined}
          onChange={(e) => onChange({ yes: e.target.value as boolean })}
          options={[
            { value: true, label: t('history.yes') },
            { value: false, label: t('history.no') },
          ]}
        />
      );
    case 'single':
      return (
        <Radio.Group
          aria-label={label}
          disabled={disabled}
          value={value && 'option' in value ? value.option : undefined}
          onChange={(e) => onChange({ option: e.target.value as number })}
          options={options}
        />
      );
    case 'multi':
      return (
        <Checkbox.Group
          aria-label={label}
          disabled={disabled}
          value={value && 'options' in value ? value.options : []}
          onChange={(chosen) => onChange(chosen.length ? { options: [...chosen].sort((a, b) => a - b) } : null)}
          options={options}
        />
      );
  }
}
