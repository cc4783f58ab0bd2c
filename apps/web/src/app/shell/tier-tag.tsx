import { type Tier, tierRank } from '@dental/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<Tier, string> = { ST0: 'default', ST1: 'blue', ST2: 'purple', ST3: 'gold' };

/** The subscription a feature needs (ST1-ST3), by its name in the user's language; menus show it only where locked. */
export function TierTag({ tier }: { tier: Tier }) {
  const { t } = useTranslation();
  if (tierRank(tier) === 0) return null;
  return (
    <Tag color={COLORS[tier]} className="tier-tag" bordered={false}>
      {t(`tier.${tier}`, { ns: 'common' })}
    </Tag>
  );
}
