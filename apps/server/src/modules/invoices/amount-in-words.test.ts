import { describe, expect, test } from 'vitest';
import { amountInWords } from './amount-in-words.js';

describe('amountInWords', () => {
  test('Saudi riyals and halalas in Arabic, English and French', () => {
    expect(amountInWords('115.50', 'SAR', 'ar')).toBe('مائة وخمسة عشر ريالاً سعودياً وخمسون هللة');
    expect(amountInWords('115.50', 'SAR', 'en')).toBe('One hundred fifteen Saudi riyals and fifty halalas');
    expect(amountInWords('115.50', 'SAR', 'fr')).toBe('Cent quinze riyals saoudiens et cinquante halalas');
  });

  test('Arabic number agreement of the counted noun', () => {
    expect(amountInWords('1.00', 'SAR', 'ar')).toBe('ريال سعودي واحد');
    expect(amountInWords('2.00', 'SAR', 'ar')).toBe('ريالان سعوديان');
    expect(amountInWords('3.00', 'SAR', 'ar')).toBe('ثلاثة ريالات سعودية');
    expect(amountInWords('11.00', 'SAR', 'ar')).toBe('أحد عشر ريالاً سعودياً');
    expect(amountInWords('100.00', 'SAR', 'ar')).toBe('مائة ريال سعودي');
    expect(amountInWords('2000.00', 'SAR', 'ar')).toBe('ألفان ريال سعودي');
    // a feminine minor unit: the short number forms (ثلاث هللات, إحدى عشرة هللة)
    expect(amountInWords('0.03', 'SAR', 'ar')).toBe('ثلاث هللات');
    expect(amountInWords('0.11', 'SAR', 'ar')).toBe('إحدى عشرة هللة');
    expect(amountInWords('0.01', 'SAR', 'ar')).toBe('هللة واحدة');
    expect(amountInWords('0.00', 'SAR', 'ar')).toBe('صفر ريال سعودي');
  });

  test('Libyan dinars count their 3-decimal dirhams exactly', () => {
    expect(amountInWords('12.345', 'LYD', 'ar')).toBe('اثنا عشر ديناراً ليبياً وثلاثمائة وخمسة وأربعون درهماً');
    expect(amountInWords('12.345', 'LYD', 'en')).toBe('Twelve Libyan dinars and three hundred forty five dirhams');
    expect(amountInWords('0.005', 'LYD', 'en')).toBe('Five dirhams');
    expect(amountInWords('1.500', 'LYD', 'fr')).toBe('Un dinar libyen et cinq cents dirhams');
  });

  test('large amounts, singular and plural, other currencies', () => {
    expect(amountInWords('12345678901.99', 'EGP', 'en')).toBe(
      'Twelve billion three hundred forty five million six hundred seventy eight thousand nine hundred one Egyptian pounds and ninety nine piastres',
    );
    expect(amountInWords('1.01', 'USD', 'en')).toBe('One US dollar and one cent');
    expect(amountInWords('1000000.00', 'EUR', 'fr')).toBe("Un million d'euros");
    expect(amountInWords('2000000.00', 'SAR', 'fr')).toBe('Deux millions de riyals saoudiens');
    expect(amountInWords('21.00', 'EGP', 'fr')).toBe('Vingt et une livres égyptiennes');
    expect(amountInWords('250.75', 'EGP', 'ar')).toBe('مائتان وخمسون جنيهاً مصرياً وخمسة وسبعون قرشاً');
  });

  test('refuses what is not an amount of the currency', () => {
    expect(() => amountInWords('1.234', 'SAR', 'en')).toThrow();
    expect(() => amountInWords('-1', 'SAR', 'en')).toThrow();
  });
});
