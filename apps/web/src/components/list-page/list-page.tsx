import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ListPageProps {
  title: ReactNode;
  search: string;
  onSearch: (value: string) => void;
  searchPlaceholder?: string;
  /** Shown only when given: the caller passes it only when the user may add. */
  onAdd?: () => void;
  addLabel?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}

/** The frame of a list screen: title, search box, add button, then the table. */
export function ListPage({
  title,
  search,
  onSearch,
  searchPlaceholder,
  onAdd,
  addLabel,
  extra,
  children,
}: ListPageProps) {
  const { t } = useTranslation();
  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBlockEnd: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Flex gap="small" wrap>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={searchPlaceholder ?? t('actions.search')}
            aria-label={searchPlaceholder ?? t('actions.search')}
            value={search}
            onChange={(e) => onSearch(e.target.value)}
            style={{ width: 260 }}
          />
          {extra}
          {onAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
              {addLabel ?? t('actions.add')}
            </Button>
          )}
        </Flex>
      </Flex>
      {children}
    </Card>
  );
}
