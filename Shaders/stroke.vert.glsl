#version 330 core
// Stroke, fill and dash vertices (ScrawlCore's Vertex, 28 bytes), positions in device pixels.
// u_transform maps device pixels to clip space: clip = position * u_transform.xy + u_transform.zw.
// Into a RenderTarget it is (2/W, 2/H, -1, -1): y = 0 (canvas top) lands on GL row 0, which is the
// first row glReadPixels returns, so read-back and PNG output need no flip.
layout(location = 0) in vec2 a_position;
layout(location = 1) in vec4 a_aa;     // edge, radius, along (device px), arc (canvas points)
layout(location = 2) in vec4 a_color;  // premultiplied RGBA8, normalized
uniform vec4 u_transform;
out vec4 v_aa;
out vec4 v_color;

void main() {
    v_aa = a_aa;
    v_color = a_color;
    gl_Position = vec4(a_position * u_transform.xy + u_transform.zw, 0.0, 1.0);
}
