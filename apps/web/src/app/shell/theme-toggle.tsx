import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { setTheme } from 'lib/theme';
import { useThemeSwitch } from './plain-switches';

export function ThemeToggle() {
  const { theme, next, label } = useThemeSwitch();
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        icon={theme === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        onClick={() => setTheme(next)}
      />
    </Tooltip>
  );
}
