// rendericon SVG SIZE PNG: the application's icon drawn at SIZE x SIZE pixels, for the hicolor
// theme's fixed sizes (a build step: the SVG is the only source of the icon).
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

#include <cstdio>

int main(int argc, char** argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: rendericon SVG SIZE PNG\n");
        return 64;
    }
    QGuiApplication app(argc, argv);
    const QString svg = QString::fromLocal8Bit(argv[1]);
    const QString png = QString::fromLocal8Bit(argv[3]);
    const int size = QString::fromLocal8Bit(argv[2]).toInt();
    QSvgRenderer renderer(svg);
    if (!renderer.isValid() || size < 16 || size > 1024) {
        std::fprintf(stderr, "rendericon: %s: expected an SVG file and a size of 16 to 1024, found %s\n",
                     argv[1], argv[2]);
        return 2;
    }
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    renderer.render(&painter);
    painter.end();
    if (!image.save(png, "PNG")) {
        std::fprintf(stderr, "rendericon: cannot write %s\n", argv[3]);
        return 1;
    }
    return 0;
}
