#version 330 core
// Glyph quads: position in device pixels of the destination (whole pixels, y down), texture
// coordinate into the glyph atlas. u_transform maps pixels to clip space as in image.vert.glsl.
layout(location = 0) in vec2 a_position;
layout(location = 1) in vec2 a_texcoord;
uniform vec4 u_transform;
out vec2 v_texcoord;

void main() {
    v_texcoord = a_texcoord;
    gl_Position = vec4(a_position * u_transform.xy + u_transform.zw, 0.0, 1.0);
}
